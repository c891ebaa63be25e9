/**
 * The stable codes of the errors the API and the forms give, with the API's English text.
 * A code is also the key of the pages' message in the user's language (messages/*.json), so a
 * screen translates an answer by its code, never by matching the English sentence.
 */
export const MESSAGES = {
  field_required: 'Fill this in',
  invalid_cnpj: 'Enter a valid CNPJ (14 digits with correct check digits)',
  invalid_cpf: 'Enter a valid CPF (11 digits with correct check digits)',
  tax_id_taken: 'Another client of this company has this tax id',
  code_taken: 'Another job of this company has this code',
  account_name_taken: 'Another account of this company has this name',
  serial_taken: 'Another machine of this company has this serial number',
  warranty_before_install: 'The warranty ends on or after the day it was installed',
  equipment_other_client: 'Choose machines of this order’s client',
  equipment_retired: 'This machine is retired: return it to service first',
  plan_ends_before_start: 'A plan ends on or after the day it starts',
  plan_fee_required: 'Enter the monthly fee',
  plan_equipment_other_client: 'Choose machines of this plan’s client, in service',
  account_unknown: 'Choose one of the company’s active accounts',
  not_a_bill: 'Attach the bill as a PDF or a photo (JPEG, PNG or WebP)',
  transfer_same_account: 'Choose another account than the one the money leaves',
  transfer_in_future: 'A transfer cannot be dated after today',
  stock_adjust_zero: 'Enter what the count found more (positive) or missing (negative): not 0',
  price_list_empty: 'The file holds no product: a heading row, then a product per row',
  price_list_columns:
    'Name the columns in the first row, each once: at least Name and Price (also SKU, Unit, Cost, Tax, Minimum)',
  price_list_too_long: 'The file holds more than 2,000 products: split it',
  price_list_sku_twice: 'An earlier row of the file has this SKU',
  price_list_quotes: 'A quote (") in the file is never closed: check the row it starts in',
  price_list_rows: 'Some rows are wrong: fix them, or import the good rows only',
  statement_not_ofx: 'Choose an OFX file: the statement file your bank exports',
  statement_empty: 'The file holds no bank transaction',
  statement_too_long: 'The file holds more than 5000 transactions: export a shorter period',
  statement_invalid: 'A transaction of the file has no valid date or amount',
  statement_line_done: 'This line is already matched or recorded',
  statement_match_taken: 'Another line of a statement is already matched to this',
  statement_line_busy: 'This line is being recorded: try again in a minute',
  statement_match_gone:
    'What this line was matched to no longer counts (reversed or voided): record the line another way',
  statement_currency: 'The statement is in another currency than the account',
  statement_other_account: "The statement is of another bank account than this account's earlier statements",
  statement_wrong_side: 'Money received becomes a payment, money paid out a bill',
  payable_not_open: 'Only an open payable can be changed',
  invalid_code: 'Use 1 to 20 capital letters, digits or dashes',
  invalid_money: 'Enter an amount, like 1234.56',
  invalid_percent: 'Enter a percentage from 0 to 100',
  invalid_quantity: 'Enter a quantity greater than 0, with up to 3 decimals',
  invalid_date: 'Enter a date',
  invalid_pix_key:
    'Enter a Pix key: a CPF or CNPJ (digits only), an e-mail, a phone like +5511999998888 or a random key',
  invalid_reminder_days: 'Enter up to 5 numbers of days after the due date, from 1 to 365, like 1, 7, 14',
  invoice_not_draft: 'Only a draft invoice can be changed',
  invoice_empty: 'Add at least one line before issuing the invoice',
  invoice_not_payable: 'Only an issued invoice with money open takes payments',
  payment_above_open: 'This payment is more than what is open on the invoice',
  payment_in_future: 'A payment cannot be dated after today',
  payment_before_issue: 'A payment cannot be dated before the invoice’s issue date',
  payment_reversed: 'This payment was already reversed',
  too_many_payments: 'This invoice has too many payments',
  invoice_paid_void: 'An invoice with payments cannot be voided: reverse them first',
  order_not_completed: 'Only a completed order that is not invoiced yet can be invoiced',
  order_other_client: 'This order is another client’s',
  order_other_branch: 'This order is another branch’s: it is invoiced on its own branch’s invoice',
  invoice_client_fixed: 'The client of an invoice made from orders cannot change',
  invoice_not_sent: 'This invoice has not been sent yet',
  too_many_requests: 'Too many requests from your address: try again in a few minutes',
  proof_of_work_required:
    'Many requests are coming in: send this one again with the solved proof of work (the Proof-Of-Work header)',
  pdf_too_slow: 'The document is taking too long to print: try again in a moment',
  due_before_issue: 'The due date cannot be before the issue date',
  quote_not_draft: 'Only a draft quote can be changed: duplicate it to make a new version',
  quote_expired: 'This quote has expired: duplicate it with a new date',
  quote_not_approved: 'A deposit is paid once the client approved the quote',
  deposit_twice: 'Ask the deposit as a percentage or as an amount, not both',
  deposit_above_total: 'This payment is more than what is left of the quote’s total',
  deposit_billed:
    'This deposit is credited on the order’s invoice: take payments there (void the invoice to change the deposit)',
  payment_is_deposit: 'This payment is the quote’s deposit: void the invoice, then reverse it on the quote',
  invoice_below_deposit: 'The invoice’s total is less than the deposit paid on its quote: add its lines back',
  address_not_clients: 'Pick one of the client’s service addresses',
  order_closed: 'A cancelled or invoiced order cannot be changed',
  client_inactive: 'This client is deactivated: activate them first',
  quote_not_sent: 'This quote has not been sent yet',
  invalid_line: 'Pick a job or type a description and a price',
  amount_too_large: 'This amount is too large',
  invalid_time_zone: 'Choose a valid time zone',
  invalid_country: 'Choose a country',
  sign_up_closed: 'Sign-up is closed on this server: ask your company’s administrator for an invitation',
  agreements_required: 'Accept the terms of service and the privacy policy to create your company',
  sign_up_link_invalid: 'This confirmation link is invalid or has expired: sign up again',
  sign_up_link_used: 'This link has created its company already: sign in with your e-mail and password',
  email_registered: 'An account with this e-mail already exists: sign in, or reset your password',
  invalid_prefix: 'Use 1 to 6 letters (A–Z) or digits',
  invalid_email: 'Enter a valid e-mail address',
  already_member: 'This person already works in this company',
  invitation_link_email_only:
    'This link cannot set this account’s password: sign in to accept the invitation, or open the link e-mailed to you',
  email_unconfirmed:
    'Confirm your e-mail first: choose a new password from the link e-mailed with the invitation, or through “Forgot password?”. Your password was set through a link your office could see',
  invitation_not_pending: 'This person has joined already: there is no invitation to send',
  main_branch_needed: 'A company needs a main branch: mark another branch as main instead',
  main_branch_inactive: 'An inactive branch cannot be the main one',
  main_branch_kept: 'The main branch cannot be deactivated: mark another branch as main first',
  branch_of_company: 'Choose a branch of this company',
  not_yourself: 'You cannot disable yourself',
  page_kept: 'This page manages the others: it cannot be hidden',
  unknown_page: 'Unknown page',
  invalid_value: 'This value is not valid',
  invalid_link: 'Use an address of this app (/…) or a web address (https://…)',
  invalid_time: 'Enter a time as HH:MM, like 08:30',
  end_before_start: 'The end must be at least 15 minutes after the start',
  appointment_too_long: 'A visit lasts at most 12 hours: book several',
  visit_started: 'This visit has started: only its end can change',
  not_a_technician: 'Choose technicians of this branch',
  order_not_schedulable: 'Only an open order can be scheduled',
  overlap: 'The technician has another visit at this time',
  visit_not_yours: 'This visit is another technician’s',
  visit_ended: 'This visit is over: the office corrects its record',
  stock_short: 'There is not that much of this product in stock: check the quantity, or ask the office',
  part_force_office: 'Only the office takes a part beyond the stock',
  order_invoiced_parts: 'This order is invoiced: its parts no longer change (the office voids the invoice first)',
  visit_record_office: 'Only the office corrects a visit’s times',
  times_out_of_order: 'Put the times in the order they happened: on the way, on site, the end',
  too_many_parts: 'A visit has at most 50 parts',
  too_many_photos: 'A visit has at most 20 photos',
  too_many_equipment_photos: 'A machine has at most 12 photos: take one off first',
  not_a_product: 'Choose an active product of the company',
  not_an_image: 'Choose a photo (JPEG, PNG or WebP); a signature is a PNG',
  image_too_large: 'This image is too large: at most 4096 pixels a side',
  image_too_many_pixels: 'This image is too large: at most 50 megapixels',
  image_data_invalid:
    'This image’s data cannot be read or is larger than its size says: save it again from an image editor',
  image_animated: 'An animated image cannot be printed: choose a still PNG or a JPEG',
  logo_too_large: 'A logo is at most 2048 pixels a side and 1 megapixel (1024 × 1024, or 2048 × 512)',
  signature_too_large: 'A signature is at most 2000 pixels a side and 1 megapixel',
  not_an_option: 'Choose among the quote’s optional lines',
  password_common: 'This password is too common: choose one that is harder to guess',
  password_weak: 'This password is easy to guess: make it longer, with words that do not go together',
  password_weak_pattern:
    'This password follows a pattern (keys in a row, abc, 1234): make it longer, with words that do not go together',
  password_weak_repeat: 'This password repeats itself: make it longer, with words that do not go together',
  password_weak_dates: 'Years and dates are easy to guess: add words that do not go together',
  password_weak_words:
    'A single word or name is easy to guess, even with a few digits: add more words that do not go together',
  password_weak_personal: 'This password contains your name or e-mail: choose one without them',
} as const

export type MessageCode = keyof typeof MESSAGES

/** The stable code of an answer that is not a field error, by HTTP status. */
export const STATUS_CODES: Record<number, string> = {
  400: 'invalid',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  412: 'stale',
  413: 'too_large',
  429: 'throttled',
  500: 'unexpected',
  503: 'unavailable',
  502: 'upstream',
  504: 'upstream_timeout',
}

/** What a rule of a schema says when it fails: its text, and its code for the screens (zod custom `params`). */
export const rule = (code: MessageCode) => ({ message: MESSAGES[code], params: { code } })

type Issue = {
  code: string
  message: string
  input?: unknown
  format?: string
  minimum?: unknown
  maximum?: unknown
  params?: Record<string, unknown>
}

/** The code of one zod issue: a schema rule's own, else one for zod's built-in checks. */
export function issueCode(issue: Issue): string {
  const own = issue.params?.code
  if (typeof own === 'string') return own
  if (issue.code === 'too_small') return Number(issue.minimum) <= 1 ? 'field_required' : 'too_short'
  if (issue.code === 'too_big') return 'too_long'
  if (issue.code === 'invalid_format' && issue.format === 'email') return 'invalid_email'
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'field_required'
  // a choice left on its empty option (no role chosen) is a required field not filled
  if (issue.code === 'invalid_value' && issue.input === '') return 'field_required'
  return 'invalid_value'
}
