import { Link } from 'react-router'

export function ErrorPage({ title, text, linkText }: { title: string; text: string; linkText: string }) {
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-5xl font-extrabold tracking-tight">{title}</h1>
      <p className="max-w-md text-lg text-muted">{text}</p>
      <Link to="/" className="font-semibold text-accent underline">
        {linkText}
      </Link>
    </main>
  )
}
