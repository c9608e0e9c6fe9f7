import { ProfilePage } from '../features/profile/components/profile-page.tsx';
import { ReminderSettingsCard } from '../features/reminders/reminder-settings-card.tsx';
import { RemindersListCard } from '../features/reminders/reminders-list-card.tsx';

/** /profile: the profile page with the reminder cards (their own feature) composed in. */
export function ProfileRoute() {
  return (
    <ProfilePage
      reminders={(timeZone) => (
        <>
          <RemindersListCard timeZone={timeZone} />
          <ReminderSettingsCard timeZone={timeZone} />
        </>
      )}
    />
  );
}
