/**
 * The API's version (the document's info.version). Its major part moves with a breaking change
 * (an operation removed, a new required input, an answer narrowed), which CHANGELOG.md names.
 */
export const API_VERSION = '4.0.0'
