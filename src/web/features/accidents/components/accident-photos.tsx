import {
  ACCIDENT_MAX_IMAGES,
  type AccidentDetail,
  type AccidentImage,
} from "@shared/accidents/accidents.schema";
import { Download, ImagePlus, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/feedback";
import { formatDateTime } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useSafetyMessages } from "../../citations/safety-messages";
import { accidentImageUrl, useAddAccidentImage, useRemoveAccidentImage } from "../api/accidents";
import { PHOTO_ACCEPT, usePhotoCheck } from "./photo-picker";

/** The accident's photos: thumbnails that open full size, add several at once, remove one. */
export function AccidentPhotos({ accident }: { accident: AccidentDetail }) {
  const { t } = useTranslation("accidents");
  const messages = useSafetyMessages();
  const add = useAddAccidentImage();
  const remove = useRemoveAccidentImage(accident.id);
  const check = usePhotoCheck();
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(0);
  const [deleting, setDeleting] = useState<AccidentImage | null>(null);
  const room = ACCIDENT_MAX_IMAGES - accident.images.length;

  const onPick = async (list: FileList | null) => {
    const files = check([...(list ?? [])], room);
    if (inputRef.current) inputRef.current.value = "";
    if (!files.length) return;
    setUploading(files.length);
    let added = 0;
    for (const file of files) {
      try {
        await add.mutateAsync({ id: accident.id, file });
        added++;
      } catch (error) {
        notify({
          title: t("photos.uploadFailed", { name: file.name }),
          description: messages.error(error, { photo: true }),
          variant: "error",
        });
      }
      setUploading((n) => n - 1);
    }
    if (added) notify({ title: t("photos.added", { count: added }), variant: "success" });
  };

  return (
    <div className="grid gap-4">
      {accident.images.length ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="accident-photos">
          {accident.images.map((image) => (
            <li
              key={image.id}
              className="overflow-hidden rounded-lg border border-slate-200"
              data-testid="accident-photo"
            >
              <a
                href={accidentImageUrl(accident.id, image.id)}
                target="_blank"
                rel="noreferrer"
                className="block"
              >
                <img
                  src={accidentImageUrl(accident.id, image.id)}
                  alt={image.fileName}
                  loading="lazy"
                  className="aspect-[4/3] w-full bg-slate-100 object-cover"
                />
              </a>
              <div className="flex items-center gap-1 px-2 py-1.5">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-xs font-medium text-slate-800">{image.fileName}</p>
                  <p className="truncate text-[11px] text-slate-500">
                    {formatDateTime(image.createdAt)}
                    {image.uploadedByName ? ` · ${image.uploadedByName}` : ""}
                  </p>
                </div>
                <Button asChild variant="ghost" size="icon" className="size-8">
                  <a
                    href={accidentImageUrl(accident.id, image.id, true)}
                    download={image.fileName}
                    aria-label={t("photos.download", { name: image.fileName })}
                  >
                    <Download aria-hidden />
                  </a>
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8 text-red-600 hover:bg-red-50 hover:text-red-700"
                  onClick={() => setDeleting(image)}
                  aria-label={t("photos.remove", { name: image.fileName })}
                >
                  <Trash2 aria-hidden />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-lg border border-dashed border-slate-200 px-4 py-6 text-center text-sm text-slate-500">
          {t("photos.none")}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={inputRef}
          type="file"
          accept={PHOTO_ACCEPT}
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          onChange={(e) => void onPick(e.target.files)}
          data-testid="accident-photo-upload"
        />
        <Button
          variant="outline"
          onClick={() => inputRef.current?.click()}
          disabled={!!uploading || room <= 0}
        >
          {uploading ? <Spinner className="text-current" /> : <ImagePlus aria-hidden />}
          {uploading ? t("photos.uploading", { count: uploading }) : t("photos.add")}
        </Button>
        <span className="text-xs text-slate-500">
          {t("photos.count", { count: accident.images.length, max: ACCIDENT_MAX_IMAGES })}
        </span>
      </div>
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("photos.removeTitle")}
        description={deleting ? t("photos.removeText", { name: deleting.fileName }) : undefined}
        confirmLabel={t("common:actions.delete")}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notify({ title: t("photos.removed"), description: deleting.fileName, variant: "success" });
              setDeleting(null);
            },
            onError: (error) =>
              notify({
                title: t("photos.removeFailed"),
                description: messages.error(error),
                variant: "error",
              }),
          })
        }
      />
    </div>
  );
}
