/** The labels a team's name and email go by, in the create dialog and the settings alike. */
export const teamFieldLabels = { name: 'Name', email: 'Email' };
