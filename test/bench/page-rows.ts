export async function pageRows() {
  return [];
}
