/**
 * What the shell (app/shell) uses of access: the session's entities, the user's data, logout and the profile calls.
 * Only API calls: the shell imports this statically, so no screen or stylesheet may hang on it.
 */
export { entityLabel, sessionsQuery, useEntities } from './api/sessions';
export { useUserData, userDataQuery } from './api/user-data';
export { logout } from './api/login';
export { forcedChange, saveProfile, type ProfileForm } from './api/profile';
