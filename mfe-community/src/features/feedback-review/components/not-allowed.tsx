import { StatusPage } from '@levelup/web-kit';

/** What a member sees at /admin/feedback: the server answered 403 (the admin role is enforced). */
export function NotAllowed() {
  return (
    <StatusPage code={403} title="Not allowed">
      Only admins can read and review beta feedback. You can still send yours any time with the Beta
      Feedback tab on the side of the page.
    </StatusPage>
  );
}
