import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '@levelup/service-kit';

/**
 * Passwords everyone tries first (the shipped list, common-passwords.txt: the most common passwords of
 * the 6-character minimum or more) are refused at sign-up, compared without regard to case. Read once.
 */
const COMMON = new Set(
  readFileSync(path.join(import.meta.dirname, 'common-passwords.txt'), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#')),
);

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common. Please choose a less common password';

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}

/** 400 with the field, as a failed validation rule answers, when the password is on the list. */
export function refuseCommonPassword(password: string): void {
  if (!isCommonPassword(password)) return;
  throw new AppError('VALIDATION_FAILED', COMMON_PASSWORD_MESSAGE, 400, {
    details: [{ path: 'password', message: COMMON_PASSWORD_MESSAGE }],
  });
}
