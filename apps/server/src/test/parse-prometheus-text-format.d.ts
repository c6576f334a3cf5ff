/** The parser the metrics test reads /metrics with (the package ships no types). */
declare module 'parse-prometheus-text-format' {
  export default function parsePrometheusTextFormat(text: string): unknown[];
}
