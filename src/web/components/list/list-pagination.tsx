import { useTranslation } from "react-i18next";
import { formatNumber } from "../../lib/format";
import { Pagination } from "../ui/pagination";

/** The shared pager with this product's wording for "1–25 of 130". */
export function ListPagination({
  page,
  pageSize,
  total,
  onPageChange,
  onPageSizeChange,
  estimate,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  /** `total` is an estimate (very large lists are not counted exactly). */
  estimate?: boolean;
}) {
  const { t } = useTranslation("common");
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Pagination
      page={page}
      pageSize={pageSize}
      total={total}
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
      labels={{
        previous: t("common:pagination.previous"),
        next: t("common:pagination.next"),
        pageSize: t("common:pagination.pageSize"),
        summary:
          total === 0
            ? t("common:pagination.summaryEmpty")
            : t(estimate ? "common:pagination.summaryEstimate" : "common:pagination.summary", {
                from: formatNumber(from),
                to: formatNumber(to),
                total: formatNumber(total),
              }),
      }}
    />
  );
}
