/** A CPF's two check digits (mod 11 with weights 10..2 and 11..2); formatting ignored. */
export function isValidCpf(value: string): boolean {
  const digits = value.replace(/[.\-\s]/g, '')
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false
  const check = (length: number) => {
    const sum = [...digits.slice(0, length)].reduce((acc, d, i) => acc + Number(d) * (length + 1 - i), 0)
    const rest = (sum * 10) % 11
    return rest === 10 ? 0 : rest
  }
  return check(9) === Number(digits[9]) && check(10) === Number(digits[10])
}

/** 11 digits as 000.000.000-00. */
export const formatCpf = (value: string) =>
  value.replace(/\D/g, '').replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4')
