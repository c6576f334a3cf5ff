export const FIRST_NAMES = [
  'Juan', 'Carlos', 'Jorge', 'Luis', 'Miguel', 'Roberto', 'Daniel', 'Ricardo', 'Héctor', 'Raúl', 'Sergio', 'Alberto',
  'Gustavo', 'Martín', 'Pablo', 'Diego', 'Marcelo', 'Néstor', 'Osvaldo', 'Rubén', 'María', 'Ana', 'Silvia', 'Graciela',
  'Marta', 'Patricia', 'Susana', 'Claudia', 'Laura', 'Mónica', 'Liliana', 'Norma', 'Beatriz', 'Alicia', 'Cecilia', 'Verónica',
] as const;
export const LAST_NAMES = [
  'González', 'Rodríguez', 'Fernández', 'López', 'Martínez', 'García', 'Pérez', 'Sánchez', 'Romero', 'Sosa', 'Álvarez',
  'Torres', 'Ruiz', 'Ramírez', 'Flores', 'Benítez', 'Acosta', 'Medina', 'Herrera', 'Suárez', 'Aguirre', 'Giménez',
  'Gutiérrez', 'Pereyra', 'Rojas', 'Molina', 'Castro', 'Ortiz', 'Silva', 'Núñez', 'Luna', 'Juárez', 'Cabrera', 'Ríos',
  'Morales', 'Godoy', 'Domínguez', 'Bianchi', 'Rossi', 'Ferrari', 'Lombardi', 'Mansilla', 'Echeverría', 'Zabala',
] as const;
export const FIRM_NAMES = [
  'La Esperanza', 'El Caldén', 'Los Álamos', 'San Isidro', 'La Providencia', 'El Ombú', 'Santa Catalina', 'La Aurora',
  'Don Roberto', 'Las Acacias', 'El Trébol', 'La Holanda', 'Los Tres Hermanos', 'San Jorge', 'El Mangrullo', 'La Tranquera',
] as const;
export const FIRM_KINDS = ['S.A.', 'S.R.L.', 'S.H.', 'Hnos. S.A.', 'Agropecuaria S.A.', 'S.A.S.'] as const;
export const LOCALITIES = [
  ['Santa Rosa', 'La Pampa', '2954'], ['General Pico', 'La Pampa', '2302'], ['Toay', 'La Pampa', '2954'],
  ['Eduardo Castex', 'La Pampa', '2334'], ['Realicó', 'La Pampa', '2331'], ['Intendente Alvear', 'La Pampa', '2302'],
  ['Trenque Lauquen', 'Buenos Aires', '2392'], ['Pehuajó', 'Buenos Aires', '2396'], ['Rivera', 'Buenos Aires', '2936'],
  ['Bahía Blanca', 'Buenos Aires', '291'], ['Laboulaye', 'Córdoba', '3385'], ['Huinca Renancó', 'Córdoba', '2336'],
] as const;
