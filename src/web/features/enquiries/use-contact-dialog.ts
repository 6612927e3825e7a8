import { useRef, useState } from 'react';

/** The props that let a page open ContactProviderButton's dialog from elsewhere (the phone's sticky bar). */
export interface ContactDialog {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: () => HTMLElement | null;
}

/** The enquiry dialog, opened by the summary's button or the sticky bar; focus returns to the opener. */
export function useContactDialog() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const dialog: ContactDialog = {
    open,
    onOpenChange: (next) => {
      if (next) opener.current = null; // opened by the summary's own trigger: Radix returns focus there
      setOpen(next);
    },
    returnFocusTo: () => opener.current,
  };
  const openFrom = (element: HTMLElement) => {
    opener.current = element;
    setOpen(true);
  };
  return { dialog, openFrom };
}
