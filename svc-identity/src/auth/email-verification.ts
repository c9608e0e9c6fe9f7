import { createHash, randomBytes } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Schema, type Connection, type Model } from 'mongoose';
import { AppError, isDuplicateKeyError, perConnection } from '@levelup/service-kit';
import { API, urlOf } from '@levelup/contracts';
import type { Logger } from '@levelup/service-kit';
import { identityModels, type UserDoc } from '../users/models.ts';

/**
 * Proof that a user owns the email of their account: a random token mailed to that address (only its
 * SHA-256 is stored), good for 24 hours and once. Until it comes back, the email is the user's claim only:
 * nothing else trusts it (external sign-in links a provider account to an existing one only when its
 * email was verified).
 *
 * The mail goes out through a development mail sink: with MAIL_DIR set, each message is a file there
 * (`npm start` sets .data/mail), readable by the service's account alone (folder 0700, files 0600)
 * since it holds a live link; the log says at debug level that a mail was written, with the address
 * masked and never the link. Without MAIL_DIR the message is only logged as not sent. A real transport
 * replaces `sendMail`.
 */
/** 'a***@example.com': enough to tell mails apart in a log, not the address itself. */
export function maskedAddress(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 ? '***' : `${email.slice(0, Math.min(1, at))}***${email.slice(at)}`;
}

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

/**
 * How many confirmation emails one account may cause: one a minute, and a few a day (the sign-up's
 * own included). Each goes to an address nobody has proven yet, so without a limit anyone could sign up
 * with someone else's address and make the server mail it without end.
 */
export const VERIFICATION_MAIL_LIMITS = {
  /** The least time between two emails of one account. */
  spacingMs: 60 * 1000,
  /** At most this many in `windowMs`, counted from the first of them. */
  perWindow: 5,
  windowMs: 24 * 60 * 60 * 1000,
} as const;

/** One row per account that was mailed: the window's count and when the next email may go. */
interface MailLimitDoc {
  /** The user id. */
  _id: string;
  sent: number;
  windowStartedAt: Date;
  nextAt: Date;
  expiresAt: Date;
}

const mailLimitSchema = new Schema<MailLimitDoc>(
  {
    _id: { type: String, required: true },
    sent: { type: Number, required: true },
    windowStartedAt: { type: Date, required: true },
    nextAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true, expires: 0 },
  },
  { collection: 'verification_mail_limits', versionKey: false },
);

const mailLimitModel: (db: Connection) => Model<MailLimitDoc> = perConnection((db) =>
  db.model<MailLimitDoc>('VerificationMailLimit', mailLimitSchema),
);

const tooManyEmails = (retryAfterSeconds: number) => {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait =
    retryAfterSeconds < 60
      ? `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`
      : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new AppError(
    'TOO_MANY_EMAILS',
    `A confirmation email was sent recently. Please try again in ${wait}.`,
    429,
    { headers: { 'retry-after': String(retryAfterSeconds) } },
  );
};

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
  logger: Pick<Logger, 'debug' | 'info' | 'warn'>;
  now?: () => Date;
}) {
  const Verification = verificationModel(deps.db);
  const MailLimit = mailLimitModel(deps.db);
  const { User } = identityModels(deps.db);
  const now = deps.now ?? (() => new Date());

  async function sendMail(message: MailMessage): Promise<void> {
    if (!deps.mailDir) {
      deps.logger.warn('no mail transport (MAIL_DIR unset): the verification email was not sent', {
        to: maskedAddress(message.to),
      });
      return;
    }
    // A mail holds a live link: only the service's own account may read the sink.
    await mkdir(deps.mailDir, { recursive: true, mode: 0o700 });
    await chmod(deps.mailDir, 0o700);
    const file = path.join(
      deps.mailDir,
      `${now().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.txt`,
    );
    await writeFile(file, `To: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`, {
      encoding: 'utf8',
      mode: 0o600,
      flag: 'wx',
    });
    deps.logger.debug('verification email written to the mail sink', {
      to: maskedAddress(message.to),
      file,
    });
  }

  /**
   * Takes one email from the account's allowance, or refuses (429 with Retry-After). Each step is one
   * conditional write that moves `nextAt` ahead, so of requests arriving together exactly one passes.
   */
  async function reserveEmail(userId: string): Promise<void> {
    const { spacingMs, perWindow, windowMs } = VERIFICATION_MAIL_LIMITS;
    const at = now();
    const nextAt = new Date(at.getTime() + spacingMs);
    const windowOpenSince = new Date(at.getTime() - windowMs);
    const inWindow = await MailLimit.updateOne(
      {
        _id: userId,
        nextAt: { $lte: at },
        windowStartedAt: { $gt: windowOpenSince },
        sent: { $lt: perWindow },
      },
      { $inc: { sent: 1 }, $set: { nextAt } },
    );
    if (inWindow.matchedCount === 1) return;
    const expiresAt = new Date(at.getTime() + windowMs);
    const newWindow = await MailLimit.updateOne(
      { _id: userId, nextAt: { $lte: at }, windowStartedAt: { $lte: windowOpenSince } },
      { $set: { sent: 1, windowStartedAt: at, nextAt, expiresAt } },
    );
    if (newWindow.matchedCount === 1) return;
    try {
      await MailLimit.create({ _id: userId, sent: 1, windowStartedAt: at, nextAt, expiresAt });
      return;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    const row = await MailLimit.findById(userId).lean<MailLimitDoc>();
    const until = Math.max(
      row?.nextAt.getTime() ?? 0,
      row && row.sent >= perWindow ? row.windowStartedAt.getTime() + windowMs : 0,
    );
    throw tooManyEmails(Math.max(1, Math.ceil((until - at.getTime()) / 1000)));
  }

  return {
    /**
     * Sends a fresh verification link to the user's email (earlier links stay good until they expire),
     * within the account's allowance (VERIFICATION_MAIL_LIMITS; 429 past it).
     */
    async send(user: Pick<UserDoc, '_id' | 'email' | 'displayName'>): Promise<void> {
      await reserveEmail(user._id);
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
