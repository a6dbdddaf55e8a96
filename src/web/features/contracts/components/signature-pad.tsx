import { Eraser } from "lucide-react";
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";

export interface SignaturePadHandle {
  /** The drawing as a PNG data URL, or null when nothing was drawn. */
  toDataUrl(): string | null;
  clear(): void;
}

/**
 * A signature drawn with a finger, a pen or a mouse (pointer events; the page does not scroll while
 * drawing). Sharp on high-density screens; "Clear" starts again.
 */
export const SignaturePad = forwardRef<
  SignaturePadHandle,
  { invalid?: boolean; onChange?: (drawn: boolean) => void; label: string; describedBy?: string }
>(function SignaturePad({ invalid, onChange, label, describedBy }, ref) {
  const { t } = useTranslation("contracts");
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawn = useRef(false);
  const last = useRef<{ x: number; y: number } | null>(null);
  // The latest callback, so a parent's re-render never resets the drawing.
  const changed = useRef(onChange);
  changed.current = onChange;

  const setup = useCallback(() => {
    const el = canvas.current;
    if (!el) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    const { width, height } = el.getBoundingClientRect();
    el.width = Math.round(width * ratio);
    el.height = Math.round(height * ratio);
    const ctx = el.getContext("2d");
    if (!ctx) return;
    ctx.scale(ratio, ratio);
    ctx.lineWidth = 2.2;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.strokeStyle = "#0f172a";
    drawn.current = false;
    changed.current?.(false);
  }, []);

  useEffect(() => {
    setup();
  }, [setup]);

  useImperativeHandle(ref, () => ({
    toDataUrl: () => (drawn.current && canvas.current ? canvas.current.toDataURL("image/png") : null),
    clear: setup,
  }));

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };
  const line = (to: { x: number; y: number }) => {
    const ctx = canvas.current?.getContext("2d");
    if (!ctx || !last.current) return;
    ctx.beginPath();
    ctx.moveTo(last.current.x, last.current.y);
    ctx.lineTo(to.x, to.y);
    ctx.stroke();
    last.current = to;
    if (!drawn.current) {
      drawn.current = true;
      changed.current?.(true);
    }
  };

  return (
    <div className="grid gap-2">
      <canvas
        ref={canvas}
        role="img"
        aria-label={label}
        aria-describedby={describedBy}
        data-testid="signature-pad"
        className={cn(
          "h-40 w-full touch-none rounded-lg border-2 border-dashed bg-white",
          invalid ? "border-red-500" : "border-slate-300",
        )}
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          last.current = point(e);
          line({ x: last.current.x + 0.1, y: last.current.y + 0.1 });
        }}
        onPointerMove={(e) => {
          if (last.current) line(point(e));
        }}
        onPointerUp={() => {
          last.current = null;
        }}
        onPointerCancel={() => {
          last.current = null;
        }}
      />
      <div className="flex items-center justify-between gap-2 text-xs text-slate-500">
        <span>{t("sign.padHint")}</span>
        <Button type="button" variant="outline" size="sm" className="min-h-11 sm:min-h-8" onClick={setup}>
          <Eraser aria-hidden />
          {t("sign.clear")}
        </Button>
      </div>
    </div>
  );
});
