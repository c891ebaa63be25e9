import type { Culture } from '../../domain/cultures.ts'
import type { MailMessage } from './deps.ts'

type Words = (name: string, company: string, link: string) => Omit<MailMessage, 'to'>

// The invitation's e-mail in the invited person's language (the one the company chose for them, or their own).
const CHOOSE_PASSWORD: Record<Culture, Words> = {
  en: (name, company, link) => ({
    subject: `${company} invited you to Fieldwise`,
    text: `Hello ${name},\n\n${company} invited you to work with them in Fieldwise. Choose your password here to join:\n${link}\n\nThe link works for a week.\n`,
  }),
  es: (name, company, link) => ({
    subject: `${company} te invitó a Fieldwise`,
    text: `Hola ${name}:\n\n${company} te invitó a trabajar con ellos en Fieldwise. Elige tu contraseña aquí para unirte:\n${link}\n\nEl enlace vale una semana.\n`,
  }),
  pt: (name, company, link) => ({
    subject: `${company} convidou você para o Fieldwise`,
    text: `Olá, ${name}.\n\n${company} convidou você para trabalhar com eles no Fieldwise. Escolha sua senha aqui para entrar:\n${link}\n\nO link vale por uma semana.\n`,
  }),
}
const SIGN_IN: Record<Culture, Words> = {
  en: (name, company, link) => ({
    subject: `${company} invited you to Fieldwise`,
    text: `Hello ${name},\n\n${company} invited you to work with them in Fieldwise. Sign in with your account to accept:\n${link}\n`,
  }),
  es: (name, company, link) => ({
    subject: `${company} te invitó a Fieldwise`,
    text: `Hola ${name}:\n\n${company} te invitó a trabajar con ellos en Fieldwise. Inicia sesión con tu cuenta para aceptar:\n${link}\n`,
  }),
  pt: (name, company, link) => ({
    subject: `${company} convidou você para o Fieldwise`,
    text: `Olá, ${name}.\n\n${company} convidou você para trabalhar com eles no Fieldwise. Entre com sua conta para aceitar:\n${link}\n`,
  }),
}

/** An invitation's e-mail: choose a password (a new account), or sign in to accept (an account of their own). */
export function invitationMail(
  person: { name: string; culture: Culture; hasAccount: boolean },
  company: string,
  link: string,
): Omit<MailMessage, 'to'> {
  return (person.hasAccount ? SIGN_IN : CHOOSE_PASSWORD)[person.culture](person.name, company, link)
}
