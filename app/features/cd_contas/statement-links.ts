/** An account's page, and the page of one of its bank statements. */
export const accountPage = (account = '') => `/view/cd_contas/${encodeURIComponent(account)}`
export const statementPage = (account: string, statement: string) =>
  `${accountPage(account)}/statements/${encodeURIComponent(statement)}`
