/* global db, print */
// One MongoDB user per service, allowed to read and write its own database and nothing else: a leaked
// svc-feedback password cannot read anyone's XP. Users live in `admin` (every URL says
// authSource=admin); each password comes from the environment, MONGO_PASSWORD_<SERVICE>.
//
// docker-compose.yml mounts this into the mongo image's /docker-entrypoint-initdb.d, which runs it with
// mongosh as the root user on the first start of an empty volume. On an existing volume run it by hand
// (docs/operations.md, "MongoDB users"); running it again sets the passwords and roles anew.
const SERVICE_DATABASES = {
  'svc-identity': 'levelup_identity',
  'svc-quests': 'levelup_quests',
  'svc-goals': 'levelup_goals',
  'svc-community': 'levelup_community',
  'svc-feedback': 'levelup_feedback',
};

const admin = db.getSiblingDB('admin');
for (const [user, database] of Object.entries(SERVICE_DATABASES)) {
  const variable = `MONGO_PASSWORD_${user.toUpperCase().replace(/-/g, '_')}`;
  const pwd = process.env[variable];
  if (!pwd) throw new Error(`${variable} is not set: run npm run compose:secrets`);
  const roles = [{ role: 'readWrite', db: database }];
  if (admin.getUser(user)) admin.updateUser(user, { pwd, roles });
  else admin.createUser({ user, pwd, roles });
  print(`MongoDB user ${user}: readWrite on ${database}`);
}
