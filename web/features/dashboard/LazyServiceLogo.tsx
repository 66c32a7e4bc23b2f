import { useEffect, useRef, useState } from 'react';
import { ServiceLogo, type ServiceLogoProps } from '../../components/services/ServiceLogo.tsx';

/**
 * A ServiceLogo that starts its lookup only when scrolled into view. The service list holds
 * over a hundred services; opening it must not fire a lookup for every one of them.
 */
export function LazyServiceLogo(props: ServiceLogoProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const [visible, setVisible] = useState(typeof IntersectionObserver === 'undefined');
  const size = props.size ?? 40;

  useEffect(() => {
    const element = ref.current;
    if (visible || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setVisible(true);
        observer.disconnect();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);

  if (visible) return <ServiceLogo {...props} />;
  return (
    <span
      ref={ref}
      className="inline-block shrink-0 rounded-xl bg-gray-100 dark:bg-gray-800"
      style={{ width: size, height: size }}
    />
  );
}
