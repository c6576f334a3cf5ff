import { msg } from '@portal/contract';
import type { Mail } from '../../messaging/mail.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function recoveryMail({ to, firstName, link }: { to: string; firstName: string; link: string }): Mail {
  const text = [
    `Hola ${firstName}:`,
    '',
    'Recibimos un pedido para recuperar la contraseña de su usuario del portal.',
    'Para elegir una nueva contraseña, abra este enlace (vence en una hora y sirve una sola vez):',
    '',
    link,
    '',
    'Si usted no lo pidió, ignore este correo: su contraseña no cambia.',
  ].join('\n');
  const html = `<p>Hola ${escape(firstName)}:</p>
<p>Recibimos un pedido para recuperar la contraseña de su usuario del portal.</p>
<p><a href="${escape(link)}">Elegir una nueva contraseña</a> (el enlace vence en una hora y sirve una sola vez).</p>
<p>Si usted no lo pidió, ignore este correo: su contraseña no cambia.</p>`;
  return { to, subject: msg.recuperoTitulo, text, html };
}
