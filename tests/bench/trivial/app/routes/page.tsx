export function loader() {
  return { message: 'Hello from a loader', at: Date.now() }
}

export default function Page({ loaderData }: { loaderData: { message: string } }) {
  return <h1>{loaderData.message}</h1>
}
