// Radix's dialog, dropdown menu and popover — their focus traps, dismiss layers, scroll locks and the
// floating-ui popper, about 30 KB gzip — as one chunk that ./overlays.ts loads after the first paint.
export { Dialog, DropdownMenu, Popover } from "radix-ui";
