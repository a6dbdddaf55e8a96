import { INSPECTION_IMAGE_MAX_BYTES, INSPECTION_MAX_IMAGES } from "@shared/inspections/inspections.schema";
import { Camera, ImagePlus, X } from "lucide-react";
import { useEffect, useId, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { formatNumber } from "../../../lib/format";
import { notify } from "../../../lib/toast";

/** Longest side a photo is sent at: plenty to read a tire's tread, a fraction of a phone camera's bytes. */
const MAX_SIDE = 2048;
/** Photos smaller than this go as they are. */
const SHRINK_FROM_BYTES = 1024 * 1024;

export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${formatNumber(size / 1024, 0)} KB`;
  return `${formatNumber(size / (1024 * 1024), 1)} MB`;
}

/**
 * A phone photo scaled down to MAX_SIDE as JPEG before upload (quicker on a cellular connection).
 * Anything the browser cannot decode (HEIC in most browsers) or that would not get smaller is sent
 * unchanged; the server checks every photo's content either way.
 */
export async function shrinkPhoto(file: File): Promise<File> {
  if (file.size < SHRINK_FROM_BYTES || typeof createImageBitmap !== "function") return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.85));
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], `${file.name.replace(/\.[^.]+$/, "") || "photo"}.jpg`, { type: "image/jpeg" });
  } catch {
    return file;
  }
}

/** Checks photos as they are picked (type, size, count): what passes is added, the rest is explained. */
export function usePhotoRules(current: number, max = INSPECTION_MAX_IMAGES) {
  const { t } = useTranslation("inspections");
  return (picked: File[]): File[] => {
    const images = picked.filter((f) => f.type === "" || f.type.startsWith("image/"));
    if (images.length < picked.length)
      notify({ title: t("photos.rejected"), description: t("validation.imageType"), variant: "error" });
    const small = images.filter((f) => f.size <= INSPECTION_IMAGE_MAX_BYTES);
    if (small.length < images.length)
      notify({
        title: t("photos.rejected"),
        description: t("photos.tooLarge", { max: formatBytes(INSPECTION_IMAGE_MAX_BYTES) }),
        variant: "error",
      });
    const room = Math.max(0, max - current);
    if (small.length > room)
      notify({
        title: t("photos.rejected"),
        description: t("validation.tooManyImages", { max }),
        variant: "error",
      });
    return small.slice(0, room);
  };
}

/** Buttons that open the camera or the photo library; both feed `onPick`. */
export function PhotoButtons({
  onPick,
  disabled,
  busy,
}: {
  onPick: (files: File[]) => void;
  disabled?: boolean;
  busy?: boolean;
}) {
  const { t } = useTranslation("inspections");
  const cameraRef = useRef<HTMLInputElement>(null);
  const libraryRef = useRef<HTMLInputElement>(null);
  const cameraId = useId();
  const libraryId = useId();
  const take = (input: HTMLInputElement | null) => {
    const files = [...(input?.files ?? [])];
    if (input) input.value = "";
    if (files.length) onPick(files);
  };
  return (
    <div className="grid grid-cols-2 gap-2">
      <label htmlFor={cameraId} className="sr-only">
        {t("photos.takePhoto")}
      </label>
      <input
        ref={cameraRef}
        id={cameraId}
        type="file"
        accept="image/*"
        capture="environment"
        className="sr-only"
        tabIndex={-1}
        onChange={(e) => take(e.currentTarget)}
        data-testid="photo-camera"
      />
      <label htmlFor={libraryId} className="sr-only">
        {t("photos.choose")}
      </label>
      <input
        ref={libraryRef}
        id={libraryId}
        type="file"
        accept="image/*"
        multiple
        className="sr-only"
        tabIndex={-1}
        onChange={(e) => take(e.currentTarget)}
        data-testid="photo-library"
      />
      <Button
        variant="outline"
        className="h-12"
        disabled={disabled || busy}
        onClick={() => cameraRef.current?.click()}
      >
        <Camera aria-hidden />
        {t("photos.takePhoto")}
      </Button>
      <Button
        variant="outline"
        className="h-12"
        disabled={disabled || busy}
        onClick={() => libraryRef.current?.click()}
      >
        <ImagePlus aria-hidden />
        {t("photos.choose")}
      </Button>
    </div>
  );
}

/** Photos picked for a new inspection, as thumbnails that can be removed before sending. */
export function PhotoPicker({ photos, onChange }: { photos: File[]; onChange: (photos: File[]) => void }) {
  const { t } = useTranslation("inspections");
  const accept = usePhotoRules(photos.length);
  const urls = useMemo(() => photos.map((p) => URL.createObjectURL(p)), [photos]);
  useEffect(
    () => () => {
      for (const u of urls) URL.revokeObjectURL(u);
    },
    [urls],
  );

  return (
    <div className="grid gap-3">
      {photos.length > 0 ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" data-testid="photo-previews">
          {photos.map((photo, i) => (
            <li
              key={urls[i]}
              className="relative aspect-square overflow-hidden rounded-lg border border-slate-200 bg-slate-100"
            >
              <img src={urls[i]} alt={photo.name} className="size-full object-cover" />
              <button
                type="button"
                onClick={() => onChange(photos.filter((_, j) => j !== i))}
                className="absolute right-1 top-1 grid size-9 place-items-center rounded-full bg-slate-900/70 text-white hover:bg-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                aria-label={t("photos.remove", { name: photo.name })}
              >
                <X className="size-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <PhotoButtons
        disabled={photos.length >= INSPECTION_MAX_IMAGES}
        onPick={(files) => {
          const ok = accept(files);
          if (ok.length) onChange([...photos, ...ok]);
        }}
      />
      <p className="text-xs text-slate-500">
        {t("photos.hint", {
          added: photos.length,
          max: INSPECTION_MAX_IMAGES,
          size: formatBytes(INSPECTION_IMAGE_MAX_BYTES),
        })}
      </p>
    </div>
  );
}
