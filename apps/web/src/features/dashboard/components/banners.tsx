import { Carousel } from '../../../lib/carousel';
import { useNavigate } from 'react-router';
import type { Porlet } from '@portal/contract';

/** The dashboard's banners (desktop only), one every 5 s. */
export function Banners({ banners, profile }: { banners: Extract<Porlet, { tipo: 'banners' }>; profile: number }) {
  const navigate = useNavigate();
  return (
    <div data-testid="banners">
    <Carousel autoplay={{ dotDuration: true }} autoplaySpeed={5000} className="banner-carousel">
      {banners.items.map((b) => (
        <div key={b.titulo}>
          <div className="banner" style={{ backgroundImage: `url("${b.imagen}")` }}>
            <div className="banner-text">
              <div className="banner-title">{b.titulo}</div>
              <div className="banner-body">{b.texto}</div>
              {b.link && (
                <a
                  className="banner-link"
                  href={/^https?:/i.test(b.link) ? b.link : `#/${profile}/${b.link}`}
                  target={/^https?:/i.test(b.link) ? '_blank' : undefined}
                  rel={/^https?:/i.test(b.link) ? 'noopener noreferrer' : undefined}
                  onClick={(e) => {
                    if (!/^https?:/i.test(b.link!)) {
                      e.preventDefault();
                      navigate(`/${profile}/${b.link}`);
                    }
                  }}
                >
                  {b.link_texto ?? 'Ver más'}
                </a>
              )}
            </div>
          </div>
        </div>
      ))}
    </Carousel>
    </div>
  );
}
