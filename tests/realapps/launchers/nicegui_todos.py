"""A NiceGUI (Vue + Quasar) todo list built from NiceGUI's own elements: a card per todo with a
checkbox and a delete icon button (Quasar renders both, with no test ids and no label on the icon),
an input and an add button. Only the list and the layout are ours. Usage: python nicegui_todos.py PORT"""

import sys

from nicegui import ui

todos = [{"title": "Buy milk", "done": False}, {"title": "Walk the dog", "done": False},
         {"title": "Water the plants", "done": True}]


@ui.refreshable
def todo_list() -> None:
    left = sum(not t["done"] for t in todos)
    ui.label(f"{left} of {len(todos)} left").classes("summary")
    for todo in todos:
        with ui.card().classes("todo"), ui.row().classes("items-center"):
            ui.checkbox(value=todo["done"], on_change=lambda e, t=todo: (t.update(done=e.value), todo_list.refresh()))
            ui.label(todo["title"])
            ui.button(icon="delete", on_click=lambda t=todo: (todos.remove(t), todo_list.refresh())).props("flat round")


def add() -> None:
    if new.value:
        todos.append({"title": new.value, "done": False})
        new.value = ""
        todo_list.refresh()


@ui.page("/")
def index() -> None:
    global new
    ui.label("Todos").classes("text-h4")
    todo_list()
    new = ui.input("New todo")
    ui.button("Add", on_click=add)


ui.run(host="127.0.0.1", port=int(sys.argv[1]), reload=False, show=False, title="Todos")
