declare module 'pdfmake/build/standard-fonts/Helvetica' {
  const container: unknown;
  export default container;
}
