import { Footer } from './components/layout/Footer.tsx';
import { NavBar } from './components/layout/NavBar.tsx';
import { AppRoutes } from './router.tsx';

export function App() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-gray-900"
      >
        Skip to content
      </a>
      <NavBar />
      <main id="main" className="flex-1">
        <AppRoutes />
      </main>
      <Footer />
    </div>
  );
}
