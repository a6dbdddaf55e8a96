import { ACCIDENT_IMAGE_MAX_BYTES, ACCIDENT_MAX_IMAGES } from "@shared/accidents/accidents.schema";
import { ImagePlus, X } from "lucide-react";
import { useEffect, useId, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { formatBytes } from "../../../lib/format-day";
import { notify } from "../../../lib/toast";
import { MB } from "../../citations/safety-messages";

/** What the photo pickers offer: images (a phone may open its camera). */
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/heic,image/*";

/**
 * Keeps the photos that fit (an image, at most ACCIDENT_IMAGE_MAX_BYTES, up to `room` of them) and
 * says why the others were left out. The server checks size and content again.
 */
export function usePhotoCheck() {
  const { t } = useTranslation("accidents");
  return (files: File[], room: number): File[] => {
    const images = files.filter((f) => f.type === "" || f.type.startsWith("image/"));
    const small = images.filter((f) => f.size <= ACCIDENT_IMAGE_MAX_BYTES);
    const kept = small.slice(0, Math.max(0, room));
    const problems = [
      images.length < files.length ? t("photos.notImages", { count: files.length - images.length }) : null,
      small.length < images.length
        ? t("photos.tooLarge", { count: images.length - small.length, max: MB(ACCIDENT_IMAGE_MAX_BYTES) })
        : null,
      kept.length < small.length ? t("photos.tooMany", { max: ACCIDENT_MAX_IMAGES }) : null,
    ].filter(Boolean);
    if (problems.length)
      notify({ title: t("photos.someSkipped"), description: problems.join(" "), variant: "error" });
    return kept;
  };
}

/** Photos chosen on the new-accident form, shown before they are uploaded with the report. */
export function PhotoPicker({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  const { t } = useTranslation("accidents");
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const check = usePhotoCheck();
  const previews = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(
    () => () => {
      for (const url of previews) URL.revokeObjectURL(url);
    },
    [previews],
  );

  const add = (list: FileList | null) => {
    const picked = check([...(list ?? [])], ACCIDENT_MAX_IMAGES - files.length);
    if (picked.length) onChange([...files, ...picked]);
    if (inputRef.current) inputRef.current.value = "";
  };

  return (
    <div className="grid gap-3">
      {files.length ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="chosen-photos">
          {files.map((file, i) => (
            <li
              key={`${file.name}-${file.size}-${file.lastModified}`}
              className="relative overflow-hidden rounded-lg border border-slate-200"
            >
              <img
                src={previews[i]}
                alt={file.name}
                className="aspect-[4/3] w-full bg-slate-100 object-cover"
              />
              <p className="truncate px-2 py-1 text-xs text-slate-600">
                {file.name} · {formatBytes(file.size)}
              </p>
              <button
                type="button"
                onClick={() => onChange(files.filter((_, j) => j !== i))}
                className="absolute right-1.5 top-1.5 rounded-full bg-white/90 p-1 text-slate-700 shadow hover:bg-white"
                aria-label={t("photos.removeChosen", { name: file.name })}
              >
                <X className="size-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={PHOTO_ACCEPT}
          multiple
          className="sr-only"
          onChange={(e) => add(e.target.files)}
          data-testid="accident-photos-input"
        />
        <Button
          variant="outline"
          onClick={() => inputRef.current?.click()}
          disabled={files.length >= ACCIDENT_MAX_IMAGES}
        >
          <ImagePlus aria-hidden />
          {t("photos.add")}
        </Button>
        <span className="text-xs text-slate-500">
          {t("photos.hint", { max: MB(ACCIDENT_IMAGE_MAX_BYTES), limit: ACCIDENT_MAX_IMAGES })}
        </span>
      </div>
    </div>
  );
}
