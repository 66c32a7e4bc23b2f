import { useParams } from 'react-router';
import ServiceDirectoryPage from './ServiceDirectoryPage.tsx';
import ServicePage from './ServicePage.tsx';

/** `/s` and `/s/:serviceId` (decision 070): one lazy chunk, outside the profile's first load. */
export default function DiscoveryRoute() {
  const { serviceId } = useParams();
  return serviceId === undefined ? <ServiceDirectoryPage /> : <ServicePage />;
}
