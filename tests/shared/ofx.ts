/** A transaction of a test statement: day, amount as the bank writes it (`-3500.00`), FITID and text. */
export type Transaction = { date: string; amount: string; fitId: string; memo: string; type?: string }

/**
 * A bank statement as Brazilian banks export it (the shape of Banco do Brasil's and Itaú's OFX
 * files): OFX 1.02 SGML, CRLF lines, the header saying CHARSET:1252, closing tags of values left
 * out, dates with the zone `[-3:BRT]`, written in Windows-1252 (so `É` is one byte, 0xC9).
 */
export function bankStatement(transactions: Transaction[], account = '12345-6'): Uint8Array<ArrayBuffer> {
  const stamp = (date: string) => `${date.replaceAll('-', '')}100000[-3:BRT]`
  const days = transactions.map((t) => t.date).sort()
  const text = [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    'SECURITY:NONE',
    'ENCODING:USASCII',
    'CHARSET:1252',
    'COMPRESSION:NONE',
    'OLDFILEUID:NONE',
    'NEWFILEUID:NONE',
    '',
    '<OFX>',
    '<SIGNONMSGSRSV1>',
    '<SONRS>',
    '<STATUS>',
    '<CODE>0',
    '<SEVERITY>INFO',
    '</STATUS>',
    `<DTSERVER>${stamp(days[days.length - 1] ?? '2026-11-27')}`,
    '<LANGUAGE>POR',
    '</SONRS>',
    '</SIGNONMSGSRSV1>',
    '<BANKMSGSRSV1>',
    '<STMTTRNRS>',
    '<TRNUID>1',
    '<STATUS>',
    '<CODE>0',
    '<SEVERITY>INFO',
    '</STATUS>',
    '<STMTRS>',
    '<CURDEF>BRL',
    '<BANKACCTFROM>',
    '<BANKID>001',
    '<BRANCHID>1234-5',
    `<ACCTID>${account}`,
    '<ACCTTYPE>CHECKING',
    '</BANKACCTFROM>',
    '<BANKTRANLIST>',
    `<DTSTART>${stamp(days[0] ?? '2026-11-01')}`,
    `<DTEND>${stamp(days[days.length - 1] ?? '2026-11-27')}`,
    ...transactions.flatMap((t) => [
      '<STMTTRN>',
      `<TRNTYPE>${t.type ?? (t.amount.startsWith('-') ? 'DEBIT' : 'CREDIT')}`,
      `<DTPOSTED>${stamp(t.date)}`,
      `<TRNAMT>${t.amount}`,
      `<FITID>${t.fitId}`,
      `<CHECKNUM>${t.fitId.slice(-6)}`,
      `<MEMO>${t.memo}`,
      '</STMTTRN>',
    ]),
    '</BANKTRANLIST>',
    '<LEDGERBAL>',
    '<BALAMT>10000.00',
    `<DTASOF>${stamp(days[days.length - 1] ?? '2026-11-27')}`,
    '</LEDGERBAL>',
    '</STMTRS>',
    '</STMTTRNRS>',
    '</BANKMSGSRSV1>',
    '</OFX>',
    '',
  ].join('\r\n')
  return Uint8Array.from(text, (ch) => {
    const code = ch.charCodeAt(0)
    if (code > 0xff) throw new Error(`${ch} is not in this fixture's code page`)
    return code
  })
}
