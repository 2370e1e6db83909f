import pretty from "pino-pretty";

/**
 * One readable line per log entry for `npm start` in development ("[12:04:31] INFO: mail written
 * to outbox {"kind":"register-code","file":"…"}"), by pino-pretty; production keeps pino's JSON
 * lines for log collectors. Synchronous, so a line is out before the process exits.
 */
export const readableLogStream = (out: NodeJS.WriteStream = process.stdout) =>
  pretty({
    destination: out,
    sync: true,
    colorize: Boolean(out.isTTY) && !process.env.NO_COLOR,
    translateTime: "SYS:HH:MM:ss",
    ignore: "pid,hostname,reqId",
    singleLine: true,
  });
