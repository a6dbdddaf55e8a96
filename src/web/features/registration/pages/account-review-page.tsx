import {
  ACCOUNT_REVIEW_STATUSES,
  accountReviewListQuerySchema,
} from "@shared/registration/account-review.schema";
import type { AccountReview } from "@shared/registration/registration.schema";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ListPagination } from "../../../components/list/list-pagination";
import { ListContent } from "../../../components/list/list-states";
import { SearchInput } from "../../../components/list/search-input";
import { PageHeader } from "../../../components/page-header";
import { TabCount, Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/tabs";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { EmptyState, Spinner } from "../../../components/ui/feedback";
import { lazyDialog } from "../../../components/ui/lazy";
import { describeError, isApiError } from "../../../lib/api-errors";
import { cn } from "../../../lib/cn";
import { useMe } from "../../../lib/session";
import { notify } from "../../../lib/toast";
import { useListScreen } from "../../../lib/use-list-screen";
import { useAccountReviews, useApproveReview, useRejectReview } from "../api/account-reviews";
import { ReviewCard } from "../components/review-card";

const RejectReviewDialog = lazyDialog(() =>
  import("../components/reject-review-dialog").then((m) => m.RejectReviewDialog),
);

const TABS = [...ACCOUNT_REVIEW_STATUSES, "all"] as const;
/** The screen's URL state: pending first; "all" is every status (none for the API). */
const screenSchema = accountReviewListQuerySchema.extend({ status: z.enum(TABS).default("pending") });
type ScreenQuery = z.output<typeof screenSchema>;
const useReviewPage = ({ status, ...rest }: ScreenQuery) =>
  useAccountReviews({ ...rest, status: status === "all" ? undefined : status });
const NO_FILTERS = [] as const;

export default function AccountReviewPage() {
  const { t } = useTranslation("admin");
  const me = useMe().data;
  // The status is the tabs' choice, not a filter.
  const list = useListScreen(screenSchema, useReviewPage, {
    filters: NO_FILTERS,
    fetchFailed: t("reviews.toast.fetchFailed"),
  });
  const { filter, update, data, retained, search, onSearch, clear } = list;
  const tab = filter.status;
  const reviews = list.query;
  // The pending count stays visible on its tab whatever the user is looking at.
  const pendingCount = useAccountReviews({ status: "pending", page: 1, pageSize: 10 }).data?.total;
  const reviewerOf = (review: AccountReview) =>
    review.reviewedBy && review.reviewedBy === me?.user.id
      ? t("reviews.you")
      : (review.reviewerEmail ?? undefined);

  const approve = useApproveReview();
  const reject = useRejectReview();
  const [approving, setApproving] = useState<AccountReview | null>(null);
  const [rejecting, setRejecting] = useState<AccountReview | null>(null);

  /** Someone else decided first: say so and close; the refreshed list shows their decision. */
  const onFailure = (error: unknown, close: () => void) => {
    if (isApiError(error, 409, "ALREADY_REVIEWED")) {
      notify({
        title: t("reviews.toast.alreadyReviewed"),
        description: describeError(error, t),
        variant: "error",
      });
      close();
    } else {
      notify({
        title: t("reviews.toast.updateFailed"),
        description: describeError(error, t),
        variant: "error",
      });
    }
  };

  const confirmApprove = () => {
    if (!approving) return;
    const close = () => setApproving(null);
    approve.mutate(approving.id, {
      onSuccess: (review) => {
        notify({
          title: t("reviews.toast.approved"),
          description: t("reviews.toast.approvedText", { email: review.email }),
          variant: "success",
        });
        close();
      },
      onError: (error) => onFailure(error, close),
    });
  };

  const confirmReject = (review: AccountReview, reason: string) => {
    const close = () => setRejecting(null);
    reject.mutate(
      { id: review.id, reason },
      {
        onSuccess: () => {
          notify({
            title: t("reviews.toast.rejected"),
            description: t("reviews.toast.rejectedText", { email: review.email }),
            variant: "success",
          });
          close();
        },
        onError: (error) => onFailure(error, close),
      },
    );
  };

  const busyId = approve.isPending ? approve.variables : reject.isPending ? reject.variables?.id : undefined;

  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-6">
      <PageHeader title={t("reviews.title")} description={t("reviews.description")} />

      <Tabs value={tab} onValueChange={(value) => update({ status: value })}>
        <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
          <TabsList aria-label={t("reviews.filterLabel")} className="md:border-b-0">
            {TABS.map((value) => (
              <TabsTrigger key={value} value={value}>
                {t(`reviews.tabs.${value}`)}
                {value === "pending" ? <TabCount value={pendingCount} /> : null}
              </TabsTrigger>
            ))}
          </TabsList>
          <SearchInput
            value={search}
            onSearch={onSearch}
            label={t("reviews.searchLabel")}
            hint={t("reviews.searchHint")}
            className="md:mb-2 md:w-80"
          />
        </div>

        <TabsContent value={tab} className="mt-4 focus-visible:outline-none">
          <Card className="overflow-hidden">
            <ListContent
              query={reviews}
              data={data}
              errorTitle={t("reviews.toast.fetchFailed")}
              skeletonRows={3}
              empty={
                <EmptyState
                  title={search ? t("reviews.empty.filteredTitle") : t(`reviews.empty.${tab}`)}
                  description={search ? t("reviews.empty.filteredText") : undefined}
                  action={
                    search ? (
                      <Button variant="outline" size="sm" onClick={clear}>
                        {t("common:actions.clearFilters")}
                      </Button>
                    ) : undefined
                  }
                />
              }
            >
              {(data) => (
                <>
                  {reviews.isFetching && data ? (
                    <div className="flex justify-end border-b border-slate-100 px-4 py-2">
                      <Spinner label={t("list.updating")} className="text-xs" />
                    </div>
                  ) : null}
                  <div
                    className={cn("divide-y divide-slate-100", retained && "opacity-60 transition-opacity")}
                  >
                    {data.items.map((review) => (
                      <ReviewCard
                        key={review.id}
                        review={review}
                        reviewer={reviewerOf(review)}
                        busy={busyId === review.id}
                        onApprove={setApproving}
                        onReject={setRejecting}
                      />
                    ))}
                  </div>
                  <ListPagination of={data} onChange={update} />
                </>
              )}
            </ListContent>
          </Card>
        </TabsContent>
      </Tabs>

      <ConfirmDialog
        open={!!approving}
        onOpenChange={(open) => !open && setApproving(null)}
        title={t("reviews.approve.title", { company: approving?.companyName ?? "" })}
        description={t("reviews.approve.description")}
        confirmLabel={t("reviews.approve.submit")}
        pending={approve.isPending}
        onConfirm={confirmApprove}
      >
        {approving ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm">
            <dt className="text-slate-500">{t("reviews.fields.name")}</dt>
            <dd className="font-medium text-slate-800">{approving.name}</dd>
            <dt className="text-slate-500">{t("reviews.fields.email")}</dt>
            <dd className="break-all font-medium text-slate-800">{approving.email}</dd>
            <dt className="text-slate-500">{t("reviews.fields.role")}</dt>
            <dd className="font-medium text-slate-800">{t("common:roles.customer")}</dd>
          </dl>
        ) : null}
      </ConfirmDialog>
      <RejectReviewDialog
        review={rejecting}
        pending={reject.isPending}
        onClose={() => setRejecting(null)}
        onReject={confirmReject}
      />
    </div>
  );
}
