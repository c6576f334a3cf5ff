import { useEffect, useRef } from 'react';
import { Carousel as AntCarousel, type CarouselProps } from 'antd';

const SLIDE = '.slick-slide';

/** Each slide that the carousel hides from assistive technology (aria-hidden) is also out of the Tab order (inert). */
function syncInert(root: HTMLElement) {
  for (const slide of root.querySelectorAll<HTMLElement>(SLIDE)) {
    const hidden = slide.getAttribute('aria-hidden') === 'true';
    if (hidden !== slide.inert) slide.inert = hidden;
  }
}

/**
 * Ant Design's carousel for content a keyboard can reach: the slides out of view and the copies it makes to loop
 * (marked aria-hidden) are inert, so Tab stops only on what is shown (WCAG 4.1.2, axe aria-hidden-focus); the
 * autoplay pauses while the focus or the pointer is in it (WCAG 2.2.2), so a focused value does not slide away.
 */
export function Carousel(props: CarouselProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = box.current;
    if (!root) return;
    syncInert(root);
    const observer = new MutationObserver(() => syncInert(root));
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-hidden'] });
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box}>
      <AntCarousel pauseOnFocus pauseOnHover {...props} />
    </div>
  );
}
