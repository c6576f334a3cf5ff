/** The stable identities of ../shared/demo-tenant.md: documentation, screenshots and tests rely on them. */

export const COMPANIES = {
  laPampa: {
    cuit: '30712345671',
    name: 'Cooperativa Agropecuaria La Pampa Ltda.',
    title: 'Cooperativa La Pampa',
    shortName: 'La Pampa',
    initials: 'CLP',
    fiscal: { address: 'Av. San Martín 1250, Santa Rosa, La Pampa', grossIncome: '30712345671', activityStart: '1987-03-01' },
    colors: { primary: '#2E7D32', secondary: '#F9A825', header: '#1B5E20', headerText: '#FFFFFF' },
    news: {
      id: '2026-11-cosecha-fina',
      title: 'Campaña de cosecha fina 2026/27',
      body: 'Ya está abierta la recepción de trigo y cebada en las plantas de Santa Rosa y General Pico. Consulte los horarios de descarga con su ejecutivo de cuenta.',
    },
  },
  delSur: {
    cuit: '30709998885',
    name: 'Agroinsumos del Sur S.A.',
    title: 'Agroinsumos del Sur',
    shortName: 'Del Sur',
    initials: 'ADS',
    fiscal: { address: 'Ruta 3 Sur km 698, Bahía Blanca, Buenos Aires', grossIncome: '902-123456-7', activityStart: '2004-08-16' },
    colors: { primary: '#1565C0', secondary: '#FFB300', header: '#0D47A1', headerText: '#FFFFFF' },
    news: null,
  },
  suspendida: {
    cuit: '30691112221',
    name: 'Cooperativa Suspendida Ltda.',
    title: 'Cooperativa Suspendida',
    shortName: 'Suspendida',
    initials: 'CS',
    fiscal: { address: 'Calle 9 N° 456, Eduardo Castex, La Pampa', grossIncome: '30691112221', activityStart: '1995-05-10' },
    colors: { primary: '#6D4C41', secondary: '#BCAAA4', header: '#4E342E', headerText: '#FFFFFF' },
    news: null,
  },
} as const;

export const DEMO_PASSWORD = 'Demo1234';
export const ADMIN_PASSWORD = 'Admin1234';

/** Fixed entity codes in La Pampa (generated customers start at 2000). */
export const ENTITY_CODES = {
  casaCentral: 1,
  juanPerez: 1001,
  perezHnos: 1002,
  perezInactiva: 1003,
  lauraMartinez: 1004,
  /** A customer with no portal user yet: registering with her CUIT and mobile links the account by itself. */
  mariaGomez: 1005,
} as const;

/** The unregistered customer the sign-up flow uses (CUIT and mobile as the cooperative has them on file). */
export const SELF_SIGNUP_CUSTOMER = { cuit: '27285554441', phone: '2954555010', name: 'Gómez, María Fernanda' } as const;

export const DEMO_LOGINS = [
  { username: 'productor', password: DEMO_PASSWORD, what: 'cliente (perfil 1): dos entidades activas en La Pampa, una en Agroinsumos del Sur' },
  { username: 'admin', password: ADMIN_PASSWORD, what: 'administrador (adminweb) de La Pampa' },
  { username: 'vendedor', password: DEMO_PASSWORD, what: 'vendedor y jefe de zona en La Pampa' },
  { username: 'repartidor', password: DEMO_PASSWORD, what: 'repartidor en La Pampa' },
  { username: 'deposito', password: DEMO_PASSWORD, what: 'depósito y stock en La Pampa' },
  { username: 'autorizador', password: DEMO_PASSWORD, what: 'autoriza comprobantes en La Pampa' },
  { username: 'cambio', password: DEMO_PASSWORD, what: 'cliente que debe cambiar la clave al ingresar' },
] as const;
