/** Public profile (filled in by its feature). */
export default function ProfilePage() {
  return (
    <section className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold text-gray-900 dark:text-white">Profile</h1>
    </section>
  );
}
