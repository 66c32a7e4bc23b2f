/** Admin (filled in by its feature). */
export default function AdminPage() {
  return (
    <section className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold text-gray-900 dark:text-white">Service requests</h1>
    </section>
  );
}
