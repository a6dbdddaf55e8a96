import { homePathFor, ROUTES } from "@shared/access";
import { PASSWORD_MIN_LENGTH } from "@shared/auth/auth.schema";
import {
  CONTRACT_MESSAGES,
  type PublicContract,
  type SignedContract,
} from "@shared/contracts/contracts.schema";
import { useQueryClient } from "@tanstack/react-query";
import { CalendarX2, CircleCheck, Download, FileText, Link2Off, PenLine, UserPlus } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/feedback";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { ApiRequestError } from "../../../lib/api";
import { isApiError } from "../../../lib/api-errors";
import { cn } from "../../../lib/cn";
import { formatDateTime } from "../../../lib/format";
import { signIn } from "../../../lib/session";
import { dismissNotices, notify } from "../../../lib/toast";
import {
  contractKeys,
  createDriverAccount,
  publicAttachmentUrl,
  publicSignedPdfUrl,
  signContract,
  usePublicContract,
} from "../api/contracts";
import { RichText } from "../components/rich-text";
import { SignaturePad, type SignaturePadHandle } from "../components/signature-pad";
import { useContractMessages } from "../contracts-messages";

const card = "w-full max-w-2xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8";

/**
 * /public/contract/:token — the signer reads the contract (and its attachment), agrees to sign
 * electronically, types their full name and draws their signature. A new driver then creates their
 * sign-in account with a password (the email is the contract's) and lands on their dashboard. The
 * same link, reopened after signing, shows the signed copy (until the link expires); a contract past
 * its expiry date shows that it has expired.
 */
export default function PublicContractPage() {
  const { t } = useTranslation("contracts");
  // The route's parameter is the signing link's token (spec: /public/contract/:id).
  const { id: token = "" } = useParams();
  const contract = usePublicContract(token);
  const queryClient = useQueryClient();
  const expired = contract.error instanceof ApiRequestError && contract.error.status === 410;
  const stage = contract.isPending
    ? "loading"
    : expired
      ? "expired"
      : contract.error
        ? "error"
        : contract.data.signed
          ? "signed"
          : "signing";
  // A screen that moves on takes the last answer with it: a refused attempt's error never stays
  // over the signed copy that followed it.
  useEffect(() => {
    if (stage !== "loading") dismissNotices();
  }, [stage]);

  // Signed: the page becomes the signed copy at once, from what the signer just read and drew.
  const onSigned = (result: SignedContract, typedName: string, signature: string) =>
    queryClient.setQueryData<PublicContract>(contractKeys.public(token), (shown) =>
      shown
        ? {
            ...shown,
            signed: {
              signedAt: result.signedAt,
              signedName: typedName,
              signature,
              hasSignedPdf: true,
              account: result.account,
            },
          }
        : shown,
    );

  if (contract.isPending) {
    return (
      <div className="grid w-full max-w-2xl place-items-center py-16">
        <Spinner label={t("sign.checking")} />
      </div>
    );
  }
  if (expired) {
    return (
      <section role="alert" data-testid="contract-expired" className={`${card} max-w-lg text-center`}>
        <span className="mx-auto grid size-12 place-items-center rounded-full bg-amber-100">
          <CalendarX2 className="size-6 text-amber-700" aria-hidden />
        </span>
        <h1 className="mt-4 text-lg font-semibold text-slate-900">{t("sign.expiredTitle")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("sign.expiredText")}</p>
      </section>
    );
  }
  if (contract.error) {
    const err = contract.error;
    const invalid = err instanceof ApiRequestError && (err.status === 404 || err.status === 400);
    return (
      <section role="alert" data-testid="contract-invalid" className={`${card} max-w-lg text-center`}>
        <span className="mx-auto grid size-12 place-items-center rounded-full bg-amber-100">
          <Link2Off className="size-6 text-amber-700" aria-hidden />
        </span>
        <h1 className="mt-4 text-lg font-semibold text-slate-900">
          {invalid ? t("sign.invalidTitle") : t("sign.errorTitle")}
        </h1>
        <p className="mt-1 text-sm text-slate-600">{invalid ? t("sign.invalidText") : t("sign.errorText")}</p>
        {invalid ? null : (
          <Button className="mt-5" variant="outline" onClick={() => void contract.refetch()}>
            {t("sign.retry")}
          </Button>
        )}
      </section>
    );
  }
  if (contract.data.signed)
    return <SignedCopy token={token} contract={contract.data} signed={contract.data.signed} />;
  return <SignForm token={token} contract={contract.data} onSigned={onSigned} />;
}

function SignForm({
  token,
  contract,
  onSigned,
}: {
  token: string;
  contract: PublicContract;
  onSigned: (s: SignedContract, typedName: string, signature: string) => void;
}) {
  const { t } = useTranslation("contracts");
  const messages = useContractMessages();
  const pad = useRef<SignaturePadHandle>(null);
  const [consent, setConsent] = useState(false);
  const [fullName, setFullName] = useState("");
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [pending, setPending] = useState(false);
  const ids = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const signature = pad.current?.toDataUrl() ?? null;
    const found: Record<string, string | undefined> = {};
    if (!consent) found.consent = CONTRACT_MESSAGES.consent;
    if (fullName.trim().length < 2) found.fullName = CONTRACT_MESSAGES.fullName;
    if (!signature) found.signature = CONTRACT_MESSAGES.signature;
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      notify({
        title: t("sign.incomplete"),
        description: messages.field(Object.values(found).find(Boolean)),
        variant: "error",
      });
      return;
    }
    setPending(true);
    try {
      const result = await signContract(token, {
        consent: true,
        fullName,
        signature: signature ?? "",
        contentSha256: contract.contentSha256,
      });
      onSigned(result, fullName.trim(), signature ?? "");
      window.scrollTo({ top: 0 });
    } catch (error) {
      if (isApiError(error, 400)) setErrors(error.fields);
      notify({ title: t("sign.failed"), description: messages.error(error), variant: "error" });
    } finally {
      setPending(false);
    }
  };
  const err = (name: string) => messages.field(errors[name]);

  return (
    <article className={card} data-testid="public-contract">
      <p className="text-sm font-medium text-brand-700">{contract.companyName}</p>
      <h1 className="mt-1 text-xl font-semibold text-slate-900 sm:text-2xl">{contract.title}</h1>
      <p className="mt-1 text-sm text-slate-600">
        {t("sign.for", { name: contract.signerName, email: contract.signerEmail })}
      </p>
      <p className="mt-0.5 text-xs text-slate-500">
        {t("sign.linkUntil", { date: formatDateTime(contract.linkExpiresAt) })}
      </p>

      <ContractText token={token} contract={contract} className="mt-5 max-h-[60vh]" />

      <form
        onSubmit={(e) => void submit(e)}
        noValidate
        className="mt-6 grid gap-5 border-t border-slate-200 pt-6"
      >
        <section className="grid gap-2 rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
          <h2 className="font-semibold text-slate-900">{t("sign.disclosureTitle")}</h2>
          <p>{t("sign.disclosure1", { company: contract.companyName })}</p>
          <p>{t("sign.disclosure2")}</p>
          <p>{t("sign.disclosure3")}</p>
          <label className="mt-1 flex min-h-11 items-start gap-3 font-medium text-slate-900">
            <input
              type="checkbox"
              className="mt-0.5 size-5 shrink-0 accent-brand-700"
              checked={consent}
              onChange={(e) => {
                setConsent(e.target.checked);
                setErrors((x) => ({ ...x, consent: undefined }));
              }}
              aria-invalid={errors.consent ? true : undefined}
              aria-describedby={errors.consent ? `${ids}-consent` : undefined}
              data-testid="consent"
            />
            {t("sign.consent")}
          </label>
          {errors.consent ? (
            <span id={`${ids}-consent`} role="alert" className="text-sm text-red-600">
              {err("consent")}
            </span>
          ) : null}
        </section>
        <Field label={t("sign.fullName")} error={err("fullName")} hint={t("sign.fullNameHint")}>
          <Input
            value={fullName}
            autoComplete="name"
            maxLength={200}
            onChange={(e) => {
              setFullName(e.target.value);
              setErrors((x) => ({ ...x, fullName: undefined }));
            }}
            className="h-12 text-base"
            data-testid="full-name"
          />
        </Field>
        <div className="grid gap-1.5">
          <span className="text-sm font-medium text-slate-900" id={`${ids}-sig`}>
            {t("sign.signature")}
          </span>
          <SignaturePad
            ref={pad}
            label={t("sign.signature")}
            invalid={!!errors.signature}
            describedBy={errors.signature ? `${ids}-sig-error` : undefined}
            onChange={(drawn) => drawn && setErrors((x) => ({ ...x, signature: undefined }))}
          />
          {errors.signature ? (
            <span
              id={`${ids}-sig-error`}
              role="alert"
              className="text-sm text-red-600"
              data-testid="signature-error"
            >
              {err("signature")}
            </span>
          ) : null}
        </div>
        <Button
          type="submit"
          size="lg"
          disabled={pending}
          className="w-full sm:w-auto"
          data-testid="sign-contract"
        >
          {pending ? <Spinner className="text-current" /> : <PenLine aria-hidden />}
          {t("sign.submit")}
        </Button>
        <p className="text-xs text-slate-500">{t("sign.recorded")}</p>
      </form>
    </article>
  );
}

/**
 * The signed contract as its signer sees it, right after signing and whenever they reopen the link
 * while it works: read-only, with the signature, who signed and when, the signed PDF, and the
 * account offer while its window is open.
 */
function SignedCopy({
  token,
  contract,
  signed,
}: {
  token: string;
  contract: PublicContract;
  signed: NonNullable<PublicContract["signed"]>;
}) {
  const { t } = useTranslation("contracts");
  return (
    <div className="grid w-full max-w-2xl gap-4">
      <section className={`${card} text-center`} data-testid="contract-signed">
        <span className="mx-auto grid size-12 place-items-center rounded-full bg-emerald-100">
          <CircleCheck className="size-6 text-emerald-700" aria-hidden />
        </span>
        <h1 className="mt-4 text-lg font-semibold text-slate-900">{t("sign.doneTitle")}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {t("sign.doneText", { date: formatDateTime(signed.signedAt) })}
        </p>
        {signed.hasSignedPdf ? (
          <Button asChild variant="outline" className="mt-4 min-h-11">
            <a href={publicSignedPdfUrl(token)} download data-testid="download-signed-copy">
              <Download aria-hidden />
              {t("sign.downloadSigned")}
            </a>
          </Button>
        ) : null}
      </section>
      {signed.account ? <CreateAccount token={token} account={signed.account} /> : null}
      <article className={card} data-testid="signed-copy" aria-labelledby="signed-copy-title">
        <p className="text-sm font-medium text-brand-700">{contract.companyName}</p>
        <h2 id="signed-copy-title" className="mt-1 text-lg font-semibold text-slate-900 sm:text-xl">
          {contract.title}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {t("sign.for", { name: contract.signerName, email: contract.signerEmail })}
        </p>
        <ContractText token={token} contract={contract} className="mt-4 max-h-[50vh]" />
        <section
          className="mt-5 grid gap-2 border-t border-slate-200 pt-5"
          aria-labelledby="signature-page-title"
          data-testid="signature-page"
        >
          <h3 id="signature-page-title" className="text-sm font-semibold text-slate-900">
            {t("sign.signaturePage")}
          </h3>
          {signed.signature ? (
            <img
              src={signed.signature}
              alt={t("sign.signatureOf", { name: signed.signedName })}
              className="h-28 w-full max-w-sm rounded-md border border-slate-200 bg-white object-contain"
            />
          ) : null}
          <p className="text-sm text-slate-700">
            {t("sign.signedBy", { name: signed.signedName, date: formatDateTime(signed.signedAt) })}
          </p>
          <p className="text-xs break-all text-slate-500">
            {t("sign.fingerprint")}: <code>{contract.contentSha256}</code>
          </p>
        </section>
      </article>
      {signed.account ? null : (
        <p className="text-center text-sm">
          <Link to={ROUTES.login.path} className="font-medium text-brand-700 hover:text-brand-600">
            {t("sign.toSignIn")}
          </Link>
        </p>
      )}
    </div>
  );
}

/** The contract as the signer reads it, before and after signing: its text, scrolling, and its attachment. */
function ContractText({
  token,
  contract,
  className,
}: {
  token: string;
  contract: PublicContract;
  /** Where it starts and how tall it may grow before it scrolls. */
  className: string;
}) {
  const { t } = useTranslation("contracts");
  return (
    <>
      <section
        className={cn("overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 px-4 py-2", className)}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so it scrolls by keyboard
        tabIndex={0}
        aria-label={t("fields.content")}
      >
        <RichText source={contract.content} />
      </section>
      {contract.attachment ? (
        <a
          href={publicAttachmentUrl(token)}
          target="_blank"
          rel="noopener"
          className="mt-3 inline-flex min-h-11 items-center gap-2 text-sm font-medium text-brand-700 hover:underline"
          data-testid="contract-attachment-link"
        >
          <FileText className="size-4" aria-hidden />
          {t("sign.attachment", { name: contract.attachment.fileName })}
        </a>
      ) : null}
    </>
  );
}

function CreateAccount({ token, account }: { token: string; account: { email: string; name: string } }) {
  const { t } = useTranslation("contracts");
  const messages = useContractMessages();
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [pending, setPending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string | undefined> = {};
    if (password.length < PASSWORD_MIN_LENGTH)
      found.password = t("account.tooShort", { min: PASSWORD_MIN_LENGTH });
    else if (password !== repeat) found.repeat = t("account.mismatch");
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setPending(true);
    try {
      const { email } = await createDriverAccount(token, password);
      await signIn({ email, password });
      window.location.replace(homePathFor("driver"));
    } catch (error) {
      if (isApiError(error, 400)) setErrors(error.fields);
      notify({ title: t("account.failed"), description: messages.error(error), variant: "error" });
      setPending(false);
    }
  };

  return (
    <section className={card} data-testid="create-account">
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-100">
          <UserPlus className="size-5 text-brand-700" aria-hidden />
        </span>
        <div>
          <h2 className="text-lg font-semibold text-slate-900">{t("account.title")}</h2>
          <p className="mt-1 text-sm text-slate-600">{t("account.text", { name: account.name })}</p>
        </div>
      </div>
      <form onSubmit={(e) => void submit(e)} noValidate className="mt-5 grid gap-4">
        <Field label={t("account.email")} hint={t("account.emailHint")}>
          <Input
            value={account.email}
            readOnly
            autoComplete="username"
            className="h-12 bg-slate-50 text-base"
          />
        </Field>
        <Field label={t("account.password")} error={messages.field(errors.password)}>
          <Input
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            className="h-12 text-base"
            data-testid="account-password"
          />
        </Field>
        <Field label={t("account.repeat")} error={errors.repeat}>
          <Input
            type="password"
            autoComplete="new-password"
            value={repeat}
            onChange={(e) => setRepeat(e.target.value)}
            className="h-12 text-base"
            data-testid="account-repeat"
          />
        </Field>
        <Button type="submit" size="lg" disabled={pending} data-testid="create-account-submit">
          {pending ? <Spinner className="text-current" /> : null}
          {t("account.submit")}
        </Button>
      </form>
    </section>
  );
}
