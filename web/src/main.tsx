// The page's entry: the styles and the app, drawn into #app.
import { render } from "preact";
import "./style.css";
import { App } from "./ui/App";

render(<App storage={localStorage} />, document.getElementById("app")!);
