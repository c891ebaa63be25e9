// What a file sent to the app may weigh: shared by the pages (their checks before sending, their
// routes' body limits) and the API, without the schemas (the pages' scripts carry this file).

/** docs/shell.md §9: 5 MB (5*1024*1024 bytes) a file. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024
/**
 * The body of a page form that carries files (a photo with its thumbnail, the upload dialog's
 * file): two files at the limit and the fields, so a file somewhat over the limit still reaches its
 * page's action, which says so next to its field instead of an error page.
 */
export const FILE_FORM_MAX_BYTES = 2 * UPLOAD_MAX_BYTES + 64 * 1024
