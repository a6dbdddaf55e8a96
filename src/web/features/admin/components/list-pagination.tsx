import { useTranslation } from "react-i18next";
import { Pagination } from "../../../components/ui/pagination";
import { formatNumber } from "../../../lib/format";

/** The shared pager with this product's wording for "1–25 of 130". */
export function ListPagination({
  page,
  pageSize,
  total,
  onPageChange,
  onPageSizeChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
}) {
  const { t } = useTranslation("admin");
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
            : t("common:pagination.summary", {
                from: formatNumber(from),
                to: formatNumber(to),
                total: formatNumber(total),
              }),
      }}
    />
  );
}
