/**
 * Contact: the visitor's message, behind the bot check (server/lib/bot-check.ts), mailed ONLY to
 * OPERATOR_EMAIL with the visitor as Reply-To. Each solved challenge may be used once.
 */
import type { z } from 'zod';
import type { AltchaChallenge, contactMessageSchema } from '../../../shared/schemas/contact.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import type { BotCheck } from '../../lib/bot-check.js';
import type { MailService } from '../mail/index.js';
import { contactMail } from './contact.mail.js';

type ContactInput = z.output<typeof contactMessageSchema>;

export function createContactService(deps: { db: Db; config: Pick<Config, 'operatorEmail' | 'operatorLocale'>; mail: MailService; botCheck: BotCheck }) {
  const { botCheck } = deps;
  return {
    createChallenge(): Promise<AltchaChallenge> {
      return botCheck.createChallenge();
    },

    /** Verifies the proof of work, burns it, and queues the mail to the operator (one transaction). */
    async submit(input: ContactInput): Promise<{ mailId: number }> {
      const expiresAt = await botCheck.verify(input.altcha);
      const mail = contactMail(input, deps.config.operatorLocale);

      const mailId = await deps.db.transaction(async () => {
        await botCheck.burn(input.altcha, expiresAt);
        return await deps.mail.enqueue({
          to: deps.config.operatorEmail,
          replyTo: `"${input.name.replace(/["\\\r\n]/g, ' ')}" <${input.email}>`,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          locale: mail.locale,
        });
      });
      return { mailId };
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
