import { useCallback, useEffect, useState } from "react";
import { readSentAt, recordSentAt, secondsUntilResend } from "../utils/code-countdown.ts";

/** Seconds until another code may be requested for this address, ticking once a second. */
export const useResendCountdown = (type: number, email: string) => {
  const [sentAt, setSentAt] = useState<number | null>(() => (email ? readSentAt(type, email) : null));
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    setSentAt(email ? readSentAt(type, email) : null);
    setNow(Date.now());
  }, [type, email]);

  const secondsLeft = secondsUntilResend(sentAt, now);
  const counting = secondsLeft > 0;

  useEffect(() => {
    if (!counting) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [counting]);

  const markSent = useCallback(
    (address = email) => {
      const at = Date.now();
      recordSentAt(type, address, at);
      if (address === email) {
        setSentAt(at);
        setNow(at);
      }
    },
    [type, email],
  );

  return { secondsLeft, markSent };
};
