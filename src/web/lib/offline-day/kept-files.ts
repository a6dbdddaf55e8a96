import { readFile } from "./day-store";

/**
 * Opens a file of the driver's day from the phone (decision 062): the copy kept for `userId` handed to
 * the browser as the download the link would have been. False when it was not kept.
 */
export async function openKeptFile(userId: string, url: string): Promise<boolean> {
  const file = await readFile(userId, url).catch(() => undefined);
  if (!file) return false;
  const href = URL.createObjectURL(file.blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
  return true;
}
