import { createHash, randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Schema, type Connection, type Model } from 'mongoose';
import { perConnection } from '@levelup/service-kit';
import { API, urlOf } from '@levelup/contracts';
import type { Logger } from '@levelup/service-kit';
import { identityModels, type UserDoc } from '../users/models.ts';

/**
 * Proof that a user owns the email of their account: a random token mailed to that address (only its
 * SHA-256 is stored), good for 24 hours and once. Until it comes back, the email is the user's claim only:
 * nothing else trusts it (external sign-in links a provider account to an existing one only when its
 * email was verified).
 *
 * The mail goes out through a development mail sink: with MAIL_DIR set, each message is a file there and
 * its link is logged (`npm start` sets .data/mail, so the link shows in its output); without it the
 * message is only logged as not sent. A real transport replaces `sendMail`.
 */
export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;

interface EmailVerificationDoc {
  /** SHA-256 of the token. */
  _id: string;
  userId: string;
  /** The address the token was sent to: it only verifies that one. */
  email: string;
  expiresAt: Date;
}

const schema = new Schema<EmailVerificationDoc>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true, index: true },
    email: { type: String, required: true },
    expiresAt: { type: Date, required: true, expires: 0 },
  },
  { collection: 'email_verifications', versionKey: false },
);

const verificationModel: (db: Connection) => Model<EmailVerificationDoc> = perConnection((db) =>
  db.model<EmailVerificationDoc>('EmailVerification', schema),
);

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  link: string;
}

export function emailVerification(deps: {
  db: Connection;
  publicUrl: string;
  mailDir?: string | undefined;
  logger: Pick<Logger, 'info' | 'warn'>;
  now?: () => Date;
}) {
  const Verification = verificationModel(deps.db);
  const { User } = identityModels(deps.db);
  const now = deps.now ?? (() => new Date());

  async function sendMail(message: MailMessage): Promise<void> {
    if (!deps.mailDir) {
      deps.logger.warn('no mail transport (MAIL_DIR unset): the verification email was not sent', {
        to: message.to,
      });
      return;
    }
    await mkdir(deps.mailDir, { recursive: true });
    const file = path.join(
      deps.mailDir,
      `${now().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.txt`,
    );
    await writeFile(
      file,
      `To: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`,
      'utf8',
    );
    deps.logger.info(`verification email for ${message.to}: open ${message.link}`, { file });
  }

  return {
    /** Sends a fresh verification link to the user's email (earlier links stay good until they expire). */
    async send(user: Pick<UserDoc, '_id' | 'email' | 'displayName'>): Promise<void> {
      const token = randomBytes(32).toString('base64url');
      await Verification.create({
        _id: hashOf(token),
        userId: user._id,
        email: user.email,
        expiresAt: new Date(now().getTime() + VERIFICATION_TTL_MS),
      });
      const link = new URL(urlOf(API.verifyEmailLink, { query: { token } }), deps.publicUrl).href;
      await sendMail({
        to: user.email,
        subject: 'Confirm your email for Level Up',
        text: `Hi ${user.displayName},\n\nConfirm that this is your email address:\n${link}\n\nThe link works for 24 hours. If you did not sign up for Level Up, ignore this message.`,
        link,
      });
    },

    /** Verifies the email the token was sent to, once; the user, or null for an unknown, used or expired token. */
    async verify(token: string): Promise<UserDoc | null> {
      const row = await Verification.findOneAndDelete({
        _id: hashOf(token),
        expiresAt: { $gt: now() },
      }).lean<EmailVerificationDoc>();
      if (!row) return null;
      // Only while the account still has the address the link was sent to.
      const user = await User.findOneAndUpdate(
        { _id: row.userId, email: row.email },
        { $set: { emailVerifiedAt: now() } },
        { returnDocument: 'after' },
      ).lean<UserDoc>();
      if (user) deps.logger.info('email verified', { userId: user._id });
      return user;
    },
  };
}

export type EmailVerification = ReturnType<typeof emailVerification>;
