from minirag_cli.cli import main

main()
