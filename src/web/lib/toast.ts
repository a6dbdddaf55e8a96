import { toast } from "sonner";

export interface Notice {
  title: string;
  description?: string;
  variant?: "default" | "success" | "error";
}

/** Toasts show one at a time (a new one replaces the last) for 5000 ms — spec section 9. */
export function notify({ title, description, variant = "default" }: Notice) {
  toast.dismiss();
  const show = variant === "error" ? toast.error : variant === "success" ? toast.success : toast;
  show(title, { description });
}
