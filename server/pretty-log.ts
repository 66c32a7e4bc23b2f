import pinoPretty from 'pino-pretty';

interface AccessLine {
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/**
 * The message of one pretty line: an access line reads "POST /api/codes 201 4.2 ms" (with
 * "request errored" after it when it did), any other line its message.
 */
export function formatMessage(log: Record<string, unknown>, messageKey: string): string {
  const { req, res, responseTime } = log as AccessLine;
  const message = String(log[messageKey] ?? '');
  if (!req?.method || !res) return message;
  const time = typeof responseTime === 'number' ? ` ${responseTime.toFixed(1)} ms` : '';
  const line = `${req.method} ${req.url} ${res.statusCode}${time}`;
  return message === 'request completed' ? line : `${line} ${message}`;
}

/**
 * Development's log on a terminal, as a pino transport (server/logger.ts names this file): it
 * runs in pino's worker thread, so production, which logs JSON lines, never loads pino-pretty.
 */
export default function prettyLog(options: pinoPretty.PrettyOptions = {}): pinoPretty.PrettyStream {
  return pinoPretty({
    ...options,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,req,res,responseTime',
    singleLine: true,
    messageFormat: formatMessage,
  });
}
