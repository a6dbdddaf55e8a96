import type { ContractStatus } from "@shared/contracts/contracts.schema";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui/badge";

const TONES = { draft: "neutral", sent: "info", signed: "success", expired: "danger" } as const;

export function ContractStatusBadge({ status }: { status: ContractStatus }) {
  const { t } = useTranslation("contracts");
  return (
    <Badge tone={TONES[status]} data-testid="contract-status">
      {t(`statuses.${status}`)}
    </Badge>
  );
}
