import { useTranslation } from "react-i18next";
import { formatNumber } from "../../lib/format";
import { Pagination } from "../ui/pagination";

/** The page a list shows; `totalIsEstimate` when very large lists are not counted exactly. */
export interface PageInfo {
  page: number;
  pageSize: number;
  total: number;
  totalIsEstimate?: boolean;
}

/** The shared pager with this product's wording for "1–25 of 130"; reports `{ page }` or `{ pageSize }`. */
export function ListPagination({
  of,
  onChange,
}: {
  of: PageInfo;
  onChange: (patch: { page: number } | { pageSize: number }) => void;
}) {
  const { page, pageSize, total, totalIsEstimate: estimate } = of;
  const { t } = useTranslation("common");
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Pagination
      page={page}
      pageSize={pageSize}
      total={total}
      onPageChange={(p) => onChange({ page: p })}
      onPageSizeChange={(size) => onChange({ pageSize: size })}
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
