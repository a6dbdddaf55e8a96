import { useEffect, useState } from "react";
import { useMe } from "../session";
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

/**
 * The kept copy of a day's file as an address the page can show (`blob:`), once `wanted` (offline, or
 * the server's copy failed to load): a chat photo the driver scrolls to with no signal. Null while it
 * is not wanted or was not kept; the address is let go when the screen leaves it.
 */
export function useKeptFileUrl(url: string, wanted: boolean): string | null {
  const { data: me } = useMe();
  const userId = me?.user.id;
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => {
    if (!wanted || !userId) return;
    let made: string | null = null;
    let left = false;
    void readFile(userId, url)
      .catch(() => undefined)
      .then((file) => {
        if (left || !file) return;
        made = URL.createObjectURL(file.blob);
        setHref(made);
      });
    return () => {
      left = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [url, wanted, userId]);
  return wanted ? href : null;
}
