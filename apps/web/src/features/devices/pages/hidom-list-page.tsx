export { default } from "../../../components/coming-soon-page.tsx";
