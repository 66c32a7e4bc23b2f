import { describe, expect, it } from 'vitest';
import { createMailer } from '../../mail/mailer.ts';
import { composeSignInMail, signInMailer } from './sign-in-mailer.ts';

const URL_ = 'http://localhost:3000/finishSignUp?token=abc_DEF-123';

describe('sign-in mail', () => {
  it('has the subject, and both bodies carry the link, the validity and the ignore line', () => {
    const mail = composeSignInMail(URL_);
    expect(mail.subject).toBe('Sign in to Refstash');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain(URL_);
      expect(body).toContain('valid for 15 minutes');
      expect(body).toMatch(
        /If you didn(&#39;|')t ask to sign in to Refstash, you can safely ignore this email\./,
      );
    }
  });

  it('prints exactly one line with the link when there is no SMTP outside production', async () => {
    const lines: string[] = [];
    const mailer = createMailer(
      { smtpUrl: undefined, mailFrom: 'x', isProduction: false },
      (line) => lines.push(line),
    );
    await signInMailer(mailer).send('ada@example.com', URL_);
    expect(lines).toEqual([`Sign-in link for ada@example.com: ${URL_}`]);
  });
});
