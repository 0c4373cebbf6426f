/**
 * Email through the configured SMTP server (SIGHTLINE_SMTP_*), with nodemailer. The server's
 * address is resolved under the outgoing policy first and nodemailer connects to that address
 * (with the name kept for TLS), so a name cannot lead SMTP to a denied address.
 */
import { resolveAllowed, withOutgoingSlot } from '../../outgoing';
import { DeliveryError } from './http';

export type StartTlsPolicy = 'OpportunisticStartTLS' | 'MandatoryStartTLS' | 'NoStartTLS';

export interface SmtpSettings {
  host: string;
  port: number;
  user?: string;
  password?: string;
  fromAddress: string;
  fromName?: string;
  /** Grafana's `startTLS_policy`. Port 465 speaks TLS from the start whatever this says. */
  startTlsPolicy: StartTlsPolicy;
  /** Accept a certificate that does not verify (tests, self-signed relays). */
  skipVerify?: boolean;
  timeoutMs?: number;
}

/** Sends one email; `signal` aborting closes the SMTP connection, so a stop does not wait for a slow server. */
export async function sendEmail(
  smtp: SmtpSettings,
  message: { to: string[]; subject: string; text: string; html: string },
  signal?: AbortSignal,
): Promise<void> {
  let address: string;
  try {
    address = await resolveAllowed(smtp.host);
  } catch (error) {
    throw new DeliveryError(`SMTP server ${smtp.host}: ${(error as Error).message}`);
  }
  const timeout = smtp.timeoutMs ?? 30_000;
  // Loaded with the first email: many servers never send one, and it is not kept in memory for them.
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({
    host: address,
    port: smtp.port,
    secure: smtp.port === 465,
    ignoreTLS: smtp.startTlsPolicy === 'NoStartTLS',
    requireTLS: smtp.startTlsPolicy === 'MandatoryStartTLS',
    auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
    tls: { servername: smtp.host, rejectUnauthorized: !smtp.skipVerify },
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  const closeOnAbort = () => transport.close();
  signal?.addEventListener('abort', closeOnAbort, { once: true });
  try {
    await withOutgoingSlot(() =>
      transport.sendMail({
        from: smtp.fromName ? { name: smtp.fromName, address: smtp.fromAddress } : smtp.fromAddress,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      }),
    );
  } catch (error) {
    const reason = (error as Error).message.split(smtp.password || '\u0000').join('[REDACTED]');
    throw new DeliveryError(`SMTP server ${smtp.host}:${smtp.port} refused the email: ${reason}`);
  } finally {
    signal?.removeEventListener('abort', closeOnAbort);
    transport.close();
  }
}
