/** Every query of the authorization screen: a decision reloads the list it changed. */
export const authorizationsKey = ['authorizations'] as const;
